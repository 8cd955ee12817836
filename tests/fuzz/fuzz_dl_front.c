/*
 * fuzz_dl_front.c — libFuzzer target: the Datalog front end (lex → parse → check → plan)
 * on arbitrary bytes, as dl_program_load_string sees a program's text.
 *
 * A line starting with `#` would send the text through the system C preprocessor (a
 * process per input, and #include of any file): such a `#` is replaced by a blank, so the
 * target stays in-process. Nothing is evaluated. Every input must return (no crash, leak,
 * hang or sanitizer report); errors are only diagnostics.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    bool bol = true;
    for (size_t i = 0; i < size; i++) {
        char c = text[i];
        if (c == '\n')
            bol = true;
        else if (c == ' ' || c == '\t' || c == '\r')
            continue;
        else {
            if (bol && c == '#')
                text[i] = ' ';
            bol = false;
        }
    }
    Diags d;
    diags_init(&d);
    DlProgram *p = NULL;
    (void)dl_program_load_string(&p, "fuzz.dl", text, size, NULL, &d);
    dl_program_free(p);
    diags_release(&d);
    free(text);
    return 0;
}
