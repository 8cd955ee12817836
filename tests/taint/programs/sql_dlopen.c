/* sql_dlopen: data received from a socket as SQL text and as a library name. */
#include <stddef.h>
#include <sys/types.h>

ssize_t recv(int fd, void *buf, size_t n, int flags);
void *dlopen(const char *file, int mode);
typedef struct sqlite3 sqlite3;
int sqlite3_exec(sqlite3 *db, const char *sql, void *cb, void *arg, char **err);

int handle(int fd, sqlite3 *db) {
  char q[512];
  ssize_t n = recv(fd, q, sizeof q - 1, 0);
  if (n <= 0)
    return -1;
  q[n] = 0;
  sqlite3_exec(db, q, NULL, NULL, NULL);                 /* line 16: tainted */
  sqlite3_exec(db, "SELECT 1", NULL, NULL, NULL);        /* line 17: clean */
  return dlopen(q, 1) != NULL;                           /* line 18: tainted */
}

int main(void) { return handle(0, NULL); }
