// shapes.cpp — classes with virtual methods, a derived class hierarchy, exceptions:
// try/catch turns calls into invoke + landingpad.
#include <cstdio>

struct BadShape {
    int code;
};

class Shape {
  public:
    virtual ~Shape() {}
    virtual double area() const = 0;
    virtual const char *name() const { return "shape"; }
};

class Square : public Shape {
    double side;

  public:
    explicit Square(double s) : side(s) {}
    double area() const override { return side * side; }
    const char *name() const override { return "square"; }
};

class Circle : public Shape {
    double r;

  public:
    explicit Circle(double radius) : r(radius) {}
    double area() const override { return 3.14159 * r * r; }
};

__attribute__((noinline)) Shape *make_shape(int kind) {
    if (kind == 0)
        return new Square(2.0);
    if (kind == 1)
        return new Circle(1.0);
    throw BadShape{kind};
}

__attribute__((noinline)) double total_area(int n) {
    double total = 0;
    for (int i = 0; i < n; i++) {
        try {
            Shape *s = make_shape(i % 3);
            std::printf("%s %f\n", s->name(), s->area());
            total += s->area();
            delete s;
        } catch (const BadShape &e) {
            std::printf("bad shape %d\n", e.code);
        }
    }
    return total;
}

int main(int argc, char **) {
    std::printf("%f\n", total_area(argc + 3));
    return 0;
}
