/* the external function of getenv_static.c, linked only when test_soundness.sh runs
 * it */
char *mystery(char *s) { return s + 1; }
