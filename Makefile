# The two commands of the README:
#   make estudo   installs everything (system packages, .venv) and writes outputs/posse-dabadia/
#   make test     installs everything and runs the whole test suite
# and, for exploring scenarios:
#   make explorar serves the explorer as a web app (Voilà, no code shown) on 127.0.0.1:$(PORTA)
#   make lab      JupyterLab on notebooks/ (the explorer as a notebook)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
CANDIDATO ?= data/candidates/posse-dabadia.toml
PORTA ?= 8866

.PHONY: install estudo test lab explorar data

$(BIN)/viabilidade: pyproject.toml
	bash scripts/install-system.sh
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[test,explorar,cluster,bench]"  # bench: WeasyPrint for benchmarks/ only
	touch $@

install: $(BIN)/viabilidade

estudo: install
	$(BIN)/viabilidade estudo $(CANDIDATO)

# The suite in parallel, one worker per core (pytest-xdist; JOBS=1: one process); each test file
# runs whole on one worker (--dist loadfile), so a module's fixtures are built once; the
# longest files go first and the browser files go to one worker (tests/conftest.py: FIRST,
# SAME_WORKER). The 25 slowest tests are printed at the end.
JOBS ?= auto
test: install
	$(BIN)/python -m pytest -q -p no:cacheprovider -n $(JOBS) --dist loadfile --durations=25

# Jupyter refuses to run as root without --allow-root (the README installs as root or sudo);
# the flag is given only then.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: install
	$(BIN)/jupyter lab $(ALLOW_ROOT) --config=jupyter_server_config.py notebooks/

# voila.json: 127.0.0.1 only, no browser opened, no other port tried, no code cells, the
# notebook's API demonstration cells (tag voila-remove) left out, the page in Portuguese
# (template share/jupyter/voila/templates/explorar). On JUPYTER_PATH: that template, then the
# venv's kernel spec, so the app runs in this venv whatever kernels the user has installed.
# The token keeps other users of the machine out.
explorar: install
	@token=$$($(BIN)/python -c 'import secrets; print(secrets.token_hex(16))'); \
	echo "Explorador de cenários: abra http://127.0.0.1:$(PORTA)/?token=$$token no navegador"; \
	echo "(Ctrl+C encerra; se a porta estiver ocupada: make explorar PORTA=8867)"; \
	JUPYTER_PATH="$(CURDIR)/share/jupyter:$(abspath $(VENV))/share/jupyter$${JUPYTER_PATH:+:$$JUPYTER_PATH}" \
	exec $(BIN)/voila --port=$(PORTA) --token=$$token --Voila.config_file_paths="$(CURDIR)" \
	  notebooks/explorar.ipynb

data: install
	$(BIN)/viabilidade data build --raw ../shared/data
