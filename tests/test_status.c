/* Status codes, sg_strerror and the version functions. */
#include <limits.h>

#include "sg.h"
#include "test.h"

/* the codes fixed by the API contract */
static void test_codes(void)
{
    CHECK_EQ(SG_OK, 0);
    CHECK_EQ(SG_EINVAL, -1);
    CHECK_EQ(SG_ENOMEM, -2);
    CHECK_EQ(SG_ERANGE, -3);
    CHECK_EQ(SG_ELOOP, -4);
    CHECK_EQ(SG_ESTOP, -5);
    CHECK_EQ(SG_EIO, -6);
    CHECK_EQ(SG_EBUSY, -7);
    CHECK_EQ(SG_EGAME, -8);
    CHECK_EQ(SG_EFORMAT, -9);
    CHECK_EQ(SG_EWINDOW, -10);
}

/* every code of the map has its own non-empty message, the one written in the map */
static void test_strerror_known(void)
{
    static const struct {
        int code;
        const char *text;
    } map[] = {
#define X_(name, code, text) {code, text},
        SG_STATUS_MAP(X_)
#undef X_
    };
    size_t n = sizeof map / sizeof map[0], i, j;
    CHECK_EQ(n, 11);
    for (i = 0; i < n; i++) {
        const char *s = sg_strerror(map[i].code);
        CHECK(s != NULL);
        if (s == NULL) continue;
        CHECK(s[0] != '\0');
        CHECK(strcmp(s, map[i].text) == 0);
        for (j = 0; j < i; j++) CHECK(strcmp(s, sg_strerror(map[j].code)) != 0);
    }
}

/* unknown codes still get a message, and not the message of a real code */
static void test_strerror_unknown(void)
{
    static const int codes[] = {1, 2, -10, -11, -100, 1000, INT_MAX, INT_MIN, INT_MIN + 1};
    size_t i;
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        const char *s = sg_strerror(codes[i]);
        CHECK(s != NULL);
        if (s == NULL) continue;
        CHECK(s[0] != '\0');
        CHECK(strcmp(s, sg_strerror(SG_OK)) != 0);
        CHECK(strcmp(s, sg_strerror(SG_EINVAL)) != 0);
        CHECK(strcmp(s, sg_strerror(SG_ESTOP)) != 0);
    }
    for (i = 0; i < 100000; i++) CHECK(sg_strerror((int)(unsigned)test_rand()) != NULL);
}

/* sg_status_name spells each code as the map does, written out here by hand, and knows no other */
static void test_status_name(void)
{
    static const struct {
        int code;
        const char *name;
    } names[] = {{SG_OK, "OK"},         {SG_EINVAL, "EINVAL"}, {SG_ENOMEM, "ENOMEM"},
                 {SG_ERANGE, "ERANGE"}, {SG_ELOOP, "ELOOP"},   {SG_ESTOP, "ESTOP"},
                 {SG_EIO, "EIO"},       {SG_EBUSY, "EBUSY"},   {SG_EGAME, "EGAME"},
                 {SG_EFORMAT, "EFORMAT"}, {SG_EWINDOW, "EWINDOW"}};
    static const int unknown[] = {1, -11, -100, INT_MAX, INT_MIN};
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *s = sg_status_name(names[i].code);
        CHECK(s != NULL && strcmp(s, names[i].name) == 0);
    }
    for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        CHECK(sg_status_name(unknown[i]) == NULL);
}

static void test_version(void)
{
    char buf[64];
    CHECK_EQ(sg_version_number(), SG_VERSION_NUMBER);
    CHECK_EQ(SG_VERSION_NUMBER,
             SG_VERSION_MAJOR * 10000 + SG_VERSION_MINOR * 100 + SG_VERSION_PATCH);
    CHECK(sg_version_string() != NULL);
    if (sg_version_string() == NULL) return;
    CHECK(strcmp(sg_version_string(), SG_VERSION_STRING) == 0);
    snprintf(buf, sizeof buf, "%d.%d.%d", SG_VERSION_MAJOR, SG_VERSION_MINOR, SG_VERSION_PATCH);
    CHECK(strcmp(sg_version_string(), buf) == 0);
    CHECK(SG_VERSION_MINOR < 100 && SG_VERSION_PATCH < 100);
}

int main(void)
{
    RUN(test_codes);
    RUN(test_strerror_known);
    RUN(test_strerror_unknown);
    RUN(test_status_name);
    RUN(test_version);
    return TEST_REPORT();
}
