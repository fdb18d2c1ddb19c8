import Testing
@testable import TLSProbeOutput

/// A JSON object keeps its members as given and is written with its keys sorted, as
/// docs/DESIGN.md fixes it; it behaves as the dictionary it replaced.
@Suite struct JSONObjectTests {
    @Test func membersAreWrittenInKeyOrderWhateverOrderTheyWereGivenIn() {
        let given: JSONValue = .object(["zeta": 1, "alpha": .object(["b": true, "a": nil]), "mid": "x", "Alpha": 2])
        #expect(given.serialized(pretty: false) == #"{"Alpha":2,"alpha":{"a":null,"b":true},"mid":"x","zeta":1}"#)
        let sorted: JSONValue = .object(["Alpha": 2, "alpha": .object(["a": nil, "b": true]), "mid": "x", "zeta": 1])
        #expect(sorted.serialized(pretty: true) == given.serialized(pretty: true))
    }

    @Test func aKeySetAgainKeepsItsLastValueAndNilRemovesIt() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["a"] = 3
        object["c"] = "new"
        object["b"] = nil
        #expect(object.count == 2)
        #expect(object["a"] == 3)
        #expect(object["b"] == nil)
        #expect(JSONValue.object(object).serialized(pretty: false) == #"{"a":3,"c":"new"}"#)
    }

    @Test func equalityAndHashingIgnoreOrderAsADictionarysDo() {
        let one: JSONObject = ["a": 1, "b": .array([1, 2])]
        let other: JSONObject = ["b": .array([1, 2]), "a": 1]
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        #expect(one != ["a": 1, "b": .array([2, 1])])
        #expect(one != ["a": 1])
        #expect(JSONObject(["b": .array([1, 2]), "a": 1]) == one)
        #expect(one.mapValues { _ in .null } == ["a": nil, "b": nil])
    }

    @Test func anEmptyObjectIsWrittenAsBraces() {
        #expect(JSONValue.object([:]).serialized(pretty: true) == "{}")
        #expect(JSONValue.object(JSONObject()).serialized(pretty: false) == "{}")
    }
}
