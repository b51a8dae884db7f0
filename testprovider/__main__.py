"""``python -m testprovider``: serve the plugin (a host sets the magic cookie first)."""

from testprovider.server import main

main()
