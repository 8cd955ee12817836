/* vec.c — growth for Vec(T). */
#include "vec.h"

Status vec_grow_(void **v, size_t *cap, size_t elem, size_t need) {
    size_t ncap = *cap ? *cap : 8;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2)
            return E_NOMEM;
        ncap *= 2;
    }
    if (elem && ncap > SIZE_MAX / elem)
        return E_NOMEM;
    void *nv = mem_realloc(*v, ncap * elem);
    if (!nv)
        return E_NOMEM;
    *v = nv;
    *cap = ncap;
    return OK;
}
