import SwiftASN1
import X509

/// Distinguished-name equality as RFC 5280 section 7.1 asks of path building: the same
/// bytes, or the same attributes with string values compared after case folding and
/// whitespace normalisation (RFC 4518, simplified to ASCII folding).
public enum DNComparison {
    /// Whether two encoded names denote the same name.
    public static func equal(_ derA: [UInt8], _ a: DistinguishedName, _ derB: [UInt8], _ b: DistinguishedName) -> Bool {
        if derA == derB { return true }
        guard a.count == b.count else { return false }
        for (rdnA, rdnB) in zip(a, b) {
            guard rdnA.count == rdnB.count else { return false }
            let keysA = rdnA.map(key).sorted()
            let keysB = rdnB.map(key).sorted()
            if keysA != keysB { return false }
        }
        return true
    }

    /// A DER Name (RFC 5280 4.1.2.4), or nil when it is not one.
    public static func name(_ der: [UInt8]) -> DistinguishedName? {
        guard let node = try? DER.parse(der), let name = try? DistinguishedName(derEncoded: node) else { return nil }
        return name
    }

    /// A DER Name as RFC 4514 text; an unreadable one as `DER:` and its hex.
    public static func text(_ der: [UInt8]) -> String {
        guard let name = name(der) else { return "DER:" + Hex.encode(der) }
        return text(name)
    }

    /// A name as RFC 4514 text, last RDN first: an attribute whose value is a string type as
    /// `TYPE=value` (escaped), any other value as `TYPE=#` and the hex of its DER (RFC 4514
    /// 2.4), never the library's debug text of the value.
    public static func text(_ name: DistinguishedName) -> String {
        name.reversed().map { rdn in rdn.map(text).joined(separator: "+") }.joined(separator: ",")
    }

    /// One attribute as RFC 4514 text (`CN=Front Desk`, `2.5.4.45=#030200ff`).
    public static func text(_ attribute: RelativeDistinguishedName.Attribute) -> String {
        let described = String(describing: attribute)
        // Only a value the library could not read as a string is described as ASN1Any(...).
        guard described.containsText("ASN1Any("), String(attribute.value) == nil else { return described }
        // The key is what the library names the type (`CN`, or the dotted OID); it has no "=".
        let key = described.prefix { $0 != "=" }
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(ASN1Any(attribute.value))) != nil else { return key + "=#" }
        return key + "=#" + Hex.encode(serializer.serializedBytes)
    }

    private static func key(_ attribute: RelativeDistinguishedName.Attribute) -> String {
        let type = attribute.type.description
        guard let text = String(attribute.value) else { return type + "#" + String(describing: attribute.value) }
        let folded = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        return type + "=" + folded
    }
}
