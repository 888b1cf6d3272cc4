"""A stand-in for the parts of dspy the oagen metric touches (dspy itself is
not installable in CI): Example and Prediction with toDict, attribute
access, item access and get, with_inputs and labels, as in dspy 3.3."""


class Example:
    def __init__(self, **kwargs):
        self._store = dict(kwargs)
        self._input_keys = None

    def __getattr__(self, key):
        try:
            return self.__dict__["_store"][key]
        except KeyError:
            raise AttributeError(key) from None

    def with_inputs(self, *keys):
        self._input_keys = set(keys)
        return self

    def labels(self):
        if self._input_keys is None:
            raise ValueError("inputs have not been set")
        return Example(**{k: v for k, v in self._store.items() if k not in self._input_keys})

    def __getitem__(self, key):
        return self._store[key]

    def __setitem__(self, key, value):
        self._store[key] = value

    def get(self, key, default=None):
        return self._store.get(key, default)

    def keys(self):
        return self._store.keys()

    def toDict(self):
        return dict(self._store)


class Prediction(Example):
    pass
