/// The engine runs what modules return: everything that imports the engine sees the module API.
@_exported import CairnModuleKit
