from tfbridge.cli import main

main()
