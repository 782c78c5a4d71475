# nimber - build, test, run, bench, install. Objects go to build/ (BUILD=dir to change).
ifeq ($(origin CC),default) # make's own default is cc; gcc unless CC is given
CC      = gcc
endif
BUILD   ?= build
PREFIX  ?= /usr/local
DESTDIR ?=
PORT    ?= 8080
TABLE_DIR ?= var/tables
OPT     ?= -O2 -g
SAN     ?=
CFLAGS_ALL = -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror $(OPT) $(SAN) -MMD -MP -pthread \
             -Ilib -Iapi -Iserver -Itests $(CFLAGS)
PKGS    = libmicrohttpd jansson primecount zlib libdeflate
LIBS    = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -pthread $(SAN)
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null)
# nimberd's allocator: jemalloc (README, Dependencies), except under a sanitizer, which
# brings its own; the test binaries keep glibc's
MALLOC_LIB = $(if $(SAN),,-ljemalloc)

LIB_SRC    = $(wildcard lib/*.c lib/*/*.c lib/games/*/*.c)
API_SRC    = $(wildcard api/*.c api/types/*.c)
SERVER_SRC = $(filter-out server/main.c,$(wildcard server/*.c))
LIB_OBJ    = $(LIB_SRC:%.c=$(BUILD)/%.o)
API_OBJ    = $(API_SRC:%.c=$(BUILD)/%.o)
SERVER_OBJ = $(SERVER_SRC:%.c=$(BUILD)/%.o) $(BUILD)/server/srv_files_data.o \
             $(BUILD)/server/srv_web_files.o
TEST_SRC   = $(wildcard tests/test_*.c)
DAEMON     = $(if $(wildcard server/main.c),$(BUILD)/nimberd)
# The suites that take longest first, as scripts/run-tests.sh starts its jobs in the order
# given (make asan's jobs beside each other on two cores: 1392 s in this order, 1607 s
# with every suite in the alphabet's order before the scripts); a name without a source
# is left out.
TEST_ALL   = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
TEST_LONGEST = $(filter $(TEST_ALL),$(patsubst %,$(BUILD)/tests/test_%,registry quotient games))
TEST_BIN   = $(TEST_LONGEST) $(filter-out $(TEST_LONGEST),$(TEST_ALL))
TEST_SUPPORT = $(filter-out $(TEST_SRC) $(wildcard tests/fuzz_*.c),$(wildcard tests/*.c))
TEST_SUPPORT_OBJ = $(TEST_SUPPORT:%.c=$(BUILD)/%.o)

.PHONY: FORCE all run test test-c asan deps deps-test bench bench-long fuzz clean install deploy-test image-test
.DEFAULT_GOAL := all

all: deps $(BUILD)/libnimber.a $(DAEMON)

deps:
	@scripts/deps.sh build

# Objects wait for the packages (the order matters under make -j); a test's also for the
# test tools.
$(BUILD)/%.o: %.c | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/tests/%.o: tests/%.c | deps-test
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

# the build's commit in /metrics and --version: COMMIT=... (the image build passes its
# build argument), else the checkout's, else unknown
COMMIT ?= $(shell git rev-parse --short HEAD 2>/dev/null || echo unknown)
$(BUILD)/server/srv_metrics.o: CFLAGS_ALL += -DNIMBER_COMMIT=\"$(COMMIT)\"

$(BUILD)/server/srv_files_data.o: server/srv_files.S openapi.yaml
	@mkdir -p $(dir $@)
	$(CC) -c $< -o $@

# the page: every file under web/, and the list of them (a file added or taken away
# writes the list anew)
WEB_FILES := $(shell find web -type f ! -path '*/node_modules/*' ! -name 'package*.json')
$(BUILD)/server/srv_web_files.S: scripts/embed-web.sh $(WEB_FILES) FORCE
	@mkdir -p $(dir $@)
	@scripts/embed-web.sh > $@.new
	@if cmp -s $@.new $@; then rm $@.new; else mv $@.new $@; fi

$(BUILD)/server/srv_web_files.o: $(BUILD)/server/srv_web_files.S $(WEB_FILES)
	$(CC) -c $< -o $@

$(BUILD)/libnimber.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	ar rcs $@ $^

$(BUILD)/libnimberapi.a: $(API_OBJ)
	@mkdir -p $(dir $@)
	ar rcs $@ $^

$(BUILD)/nimberd: $(BUILD)/server/main.o $(SERVER_OBJ) $(BUILD)/libnimberapi.a $(BUILD)/libnimber.a
	$(CC) $^ -o $@ $(MALLOC_LIB) $(LIBS)

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(TEST_SUPPORT_OBJ) $(SERVER_OBJ) $(BUILD)/libnimberapi.a \
                  $(BUILD)/libnimber.a
	@mkdir -p $(dir $@)
	$(CC) $^ -o $@ $(CHECK_LIBS) $(LIBS)

run: all
	$(BUILD)/nimberd --port $(PORT) --table-dir $(TABLE_DIR)

test: deps-test $(DAEMON) $(TEST_BIN)
	@scripts/run-tests.sh $(BUILD) $(TEST_BIN) tests/script_tests.sh tests/daemon_tests.sh \
	    tests/template_check.sh tests/solo_tests.sh

TEST_DEPS ?= test
deps-test:
	@scripts/deps.sh $(TEST_DEPS)

# The Check suites alone, without the browser, Node.js and Python checks: a quick run that
# needs only Check installed.
test-c:
	@$(MAKE) --no-print-directory TEST_DEPS=unit $(DAEMON) $(TEST_BIN)
	@scripts/run-tests.sh $(BUILD) $(TEST_BIN)

# The whole suite again with gcc at -O1 under AddressSanitizer and UndefinedBehaviorSanitizer
# (leaks reported, the first undefined behaviour fatal), objects in build-asan.
asan:
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	$(MAKE) test CC=gcc BUILD=build-asan OPT="-O1 -g -fno-omit-frame-pointer" \
	    SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined"

REL = build-release
bench:
	@scripts/deps.sh bench
	$(MAKE) BUILD=$(REL) OPT="-O3 -g" $(REL)/nimberd $(REL)/bench/bench_inproc \
	    $(REL)/bench/baseline_server $(REL)/bench/bench_parse
	/usr/bin/python3 bench/run.py $(REL)

# Outside CI: the published periods of .16, .376, .354 and .1777 proved, Officers' values
# a second, the misère quotients of Dawson's Kayles and Grundy's game grown for 30 minutes
# each, and Cram's published boards past make bench's two, 30 minutes each
# (bench/README.md).
bench-long:
	@scripts/deps.sh bench
	$(MAKE) BUILD=$(REL) OPT="-O3 -g" $(REL)/bench/bench_long $(REL)/bench/bench_misere_long \
		$(REL)/bench/bench_inproc
	for code in 0.16 0.376 0.354 0.1777; do $(REL)/bench/bench_long $$code || exit 1; done
	$(REL)/bench/bench_long --rate 0.6 268435456
	$(REL)/bench/bench_misere_long 0.07 30
	$(REL)/bench/bench_misere_long '4!.0' 30
	$(REL)/bench/bench_inproc cram-long 30

$(BUILD)/bench/bench_inproc: $(BUILD)/bench/bench_inproc.o $(BUILD)/libnimber.a
	$(CC) $^ -o $@ $(LIBS)

$(BUILD)/bench/bench_long: $(BUILD)/bench/bench_long.o $(BUILD)/libnimber.a
	$(CC) $^ -o $@ $(LIBS)

$(BUILD)/bench/bench_misere_long: $(BUILD)/bench/bench_misere_long.o $(BUILD)/libnimber.a
	$(CC) $^ -o $@ $(LIBS)

$(BUILD)/bench/bench_parse: $(BUILD)/bench/bench_parse.o $(BUILD)/libnimberapi.a $(BUILD)/libnimber.a
	$(CC) $^ -o $@ $(LIBS)

$(BUILD)/bench/%: $(BUILD)/bench/%.o
	$(CC) $^ -o $@ $(LIBS)

# libFuzzer under ASan and UBSan (clang), FUZZ_SECONDS for each target: fuzz_api on the
# JSON layer from tests/fuzz_seeds, fuzz_http on raw request bytes through the HTTP edge
# from tests/fuzz_http_seeds. New inputs each finds are kept in build-fuzz/corpus-NAME, its
# log in build-fuzz/NAME.log (the end printed), and an input that fails in
# build-fuzz/crash-*.
FUZZ = build-fuzz
FUZZ_SECONDS ?= 60
fuzz:
	@scripts/deps.sh fuzz
	$(MAKE) BUILD=$(FUZZ) CC=clang OPT="-O1 -g" \
	    SAN="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=undefined" \
	    $(FUZZ)/tests/fuzz_api $(FUZZ)/tests/fuzz_http
	@for t in api:tests/fuzz_seeds http:tests/fuzz_http_seeds; do \
	    name=$${t%%:*}; mkdir -p $(FUZZ)/corpus-$$name; \
	    $(FUZZ)/tests/fuzz_$$name -max_total_time=$(FUZZ_SECONDS) -timeout=20 -max_len=4096 \
	        -artifact_prefix=$(FUZZ)/ $(FUZZ)/corpus-$$name $${t#*:} 2>$(FUZZ)/$$name.log \
	        || { tail -n 60 $(FUZZ)/$$name.log; grep -a '^fuzz_[a-z]*:' $(FUZZ)/$$name.log; exit 1; }; \
	    echo "fuzz_$$name: $$(grep -E 'DONE|^Done' $(FUZZ)/$$name.log)"; \
	done

$(BUILD)/tests/fuzz_api: $(BUILD)/tests/fuzz_api.o $(BUILD)/libnimberapi.a $(BUILD)/libnimber.a
	$(CC) $^ -o $@ -fsanitize=fuzzer $(LIBS)

$(BUILD)/tests/fuzz_http: $(BUILD)/tests/fuzz_http.o $(SERVER_OBJ) $(BUILD)/libnimberapi.a \
                          $(BUILD)/libnimber.a
	$(CC) $^ -o $@ -fsanitize=fuzzer $(LIBS)

deploy-test:
	@scripts/deps.sh deploy
	@scripts/deploy-test.sh

# docker/Dockerfile built with podman on a base mmdebstrap makes, and run (about 1.5 min
# the first time, 20 s once the base is kept)
image-test:
	@scripts/deps.sh image
	@/usr/bin/python3 tests/image_check.py

clean:
	rm -rf $(BUILD)

install: all
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BUILD)/nimberd $(DESTDIR)$(PREFIX)/bin/nimberd

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
.SECONDARY:

FORCE:
