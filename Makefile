# make (as yourself), then sudo make install [PREFIX=/usr/local] [DESTDIR=]: the release
# binary, man page, completions and schemas (Scripts/install.sh does the work); make uninstall
# removes them; make test runs the suite as CI does.
PREFIX ?= /usr/local
DESTDIR ?=
BINARY = .build/release/tlsprobe

.PHONY: build install uninstall test generate

build:
	@# The release options for this machine (Scripts/release-flags.sh: on Linux the Swift
	@# runtime linked in, and the link and metadata options that shorten start-up).
	flags=$$(Scripts/release-flags.sh) && swift build -c release $$flags --product tlsprobe

# Installs what `make` built; builds first (as whoever runs it) when nothing was built.
install:
	@if [ ! -x "$(BINARY)" ]; then $(MAKE) build; fi
	Scripts/install.sh --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --binary "$(BINARY)"

uninstall:
	Scripts/install.sh --uninstall --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

test:
	Tests/run.sh

# The documentation's lists of codes (README, man page, docs/schema/codes.schema.json),
# written from the code; DocumentationTests fails while they differ.
generate:
	swift run tlsprobe-docs
