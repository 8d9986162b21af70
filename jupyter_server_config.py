# JupyterLab for this repository (`make lab` passes it with --config): notebooks are saved
# without outputs, execution counts or run metadata, so using the explorer never leaves the
# working tree dirty (issue 20, item 6). The paired .py (jupytext) keeps the committed header.
c = get_config()  # noqa: F821
c.ContentsManager.pre_save_hook = "viabilidade.common.notebook_files.strip_on_save"
