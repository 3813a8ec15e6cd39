"""The one cache of derived artifacts (:mod:`.entries`: key recipe and entry format) and the one
atomic writer of files (:mod:`.files`)."""
