// templates.cpp — a class template and a function template instantiated at two types.
#include <cstdio>

template <typename T> class Stack {
    T items[16];
    int top = 0;

  public:
    __attribute__((noinline)) void push(T x) {
        if (top < 16)
            items[top++] = x;
    }
    __attribute__((noinline)) T pop() { return top > 0 ? items[--top] : T(); }
    bool empty() const { return top == 0; }
};

template <typename T> __attribute__((noinline)) T largest(const T *v, int n) {
    T m = v[0];
    for (int i = 1; i < n; i++)
        if (v[i] > m)
            m = v[i];
    return m;
}

int main(int argc, char **) {
    Stack<int> si;
    Stack<double> sd;
    for (int i = 0; i < argc + 4; i++) {
        si.push(i * argc);
        sd.push(i / 2.0);
    }
    int vi[3] = {argc, 5, 2};
    double vd[2] = {1.5, argc * 0.5};
    std::printf("%d %f %d %f\n", largest(vi, 3), largest(vd, 2), si.pop(), sd.pop());
    while (!si.empty())
        si.pop();
    return 0;
}
