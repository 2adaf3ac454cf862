from dossier.launch import main

main()
