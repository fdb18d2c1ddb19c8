# make (as yourself), then sudo make install [PREFIX=/usr/local] [DESTDIR=]: the release
# binary, man page and completions (Scripts/install.sh does the work); make uninstall
# removes them; make test runs the suite as CI does.
PREFIX ?= /usr/local
DESTDIR ?=
BINARY = .build/release/tlsprobe
# The Swift runtime is linked in on Linux (macOS has it in the system).
STATIC = $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)

.PHONY: build install uninstall test

build:
	swift build -c release $(STATIC) --product tlsprobe

# Installs what `make` built; builds first (as whoever runs it) when nothing was built.
install:
	@if [ ! -x "$(BINARY)" ]; then $(MAKE) build; fi
	Scripts/install.sh --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --binary "$(BINARY)"

uninstall:
	Scripts/install.sh --uninstall --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

test:
	Tests/run.sh
