from xzcore.cli.main import main

main()
