import sys

from converter.cli import main

sys.exit(main())
