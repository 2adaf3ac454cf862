from dossier.cli import main

main()
