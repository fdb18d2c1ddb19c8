# make install [PREFIX=/usr/local] [DESTDIR=]: the release binary, man page and completions
# (Scripts/install.sh does the work); make uninstall removes them; make test runs the
# suite as CI does.
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: install uninstall test

install:
	Scripts/install.sh --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

uninstall:
	Scripts/install.sh --uninstall --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

test:
	Tests/run.sh
