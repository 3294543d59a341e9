"""Learning the game in the app (issue #19), beside the rules reference (`boardgame.reference`):

- `guide`: the glossary, the counter legend and the map legend of a ruleset, read from one
  source per ruleset (`docs/learn/<ruleset>.md`) plus the platform's (`docs/learn/platform.md`);
- `howto`: one short page per scenario (sides and seats, what each side wants as the engine
  judges it, the turn in one picture, the first decisions), built from the ruleset itself;
- `views`, `api`: the pages (`/learn/…`) and the endpoint the game page's panels read.

`docs/rulesets.md` ("Teaching the game") says how a new ruleset or scenario extends them.
"""
