# The two commands of the README:
#   make estudo   installs everything (system packages, .venv) and writes outputs/posse-dabadia/
#   make test     installs everything and runs the whole test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
CANDIDATO ?= data/candidates/posse-dabadia.toml

.PHONY: install estudo test lab data

$(BIN)/viabilidade: pyproject.toml
	bash scripts/install-system.sh
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[test,explorar,cluster,bench]"  # bench: WeasyPrint for benchmarks/ only
	touch $@

install: $(BIN)/viabilidade

estudo: install
	$(BIN)/viabilidade estudo $(CANDIDATO)

test: install
	$(BIN)/python -m pytest -q -p no:cacheprovider

lab: install
	$(BIN)/jupyter lab --config=jupyter_server_config.py notebooks/

data: install
	$(BIN)/viabilidade data build --raw ../shared/data
