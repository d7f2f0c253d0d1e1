from jetset_tui.cli import main

raise SystemExit(main())
