"""Sources → model: reading the files (:mod:`.readers`, :mod:`.manifest`), parsing the fragments
(:mod:`.lines`, :mod:`.references`, :mod:`.parse`) into the model (:mod:`.model`) once
(:mod:`.load`), Russian word forms (:mod:`.morph`), and what the user's words name in it
(:mod:`.find`, :mod:`.search`)."""
