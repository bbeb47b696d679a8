/** What the first bytes of a tunnel say: not yet enough, not TLS, or a ClientHello and its server name. */
export type ClientHelloReading =
  | { readonly kind: 'incomplete' }
  | { readonly kind: 'not-tls' }
  | { readonly kind: 'tls'; readonly serverName: string | undefined };

const RECORD_HEADER = 5;
const MAX_HELLO_BYTES = 16_384 + RECORD_HEADER;

/**
 * Reads the server name (SNI) from a TLS ClientHello at the start of `bytes`: the first record must
 * be a handshake record holding a ClientHello; its `server_name` extension's host name is returned
 * (undefined when it has none). Hellos split over several records are read from the first one only.
 */
export function readClientHello(bytes: Buffer): ClientHelloReading {
  if (bytes.length === 0) return { kind: 'incomplete' };
  if (bytes[0] !== 0x16) return { kind: 'not-tls' };
  if (bytes.length < RECORD_HEADER) return { kind: 'incomplete' };
  const recordLength = bytes.readUInt16BE(3);
  if (recordLength + RECORD_HEADER > MAX_HELLO_BYTES) return { kind: 'not-tls' };
  if (bytes.length < RECORD_HEADER + recordLength) return { kind: 'incomplete' };
  const hello = bytes.subarray(RECORD_HEADER, RECORD_HEADER + recordLength);
  if (hello[0] !== 0x01 || hello.length < 4) return { kind: 'not-tls' };
  let at = 4 + 2 + 32; // handshake header, client_version, random
  const need = (count: number): boolean => at + count <= hello.length;
  if (!need(1)) return { kind: 'not-tls' };
  at += 1 + hello[at]!; // session id
  if (!need(2)) return { kind: 'not-tls' };
  at += 2 + hello.readUInt16BE(at); // cipher suites
  if (!need(1)) return { kind: 'not-tls' };
  at += 1 + hello[at]!; // compression methods
  if (!need(2)) return { kind: 'tls', serverName: undefined };
  const end = Math.min(hello.length, at + 2 + hello.readUInt16BE(at));
  at += 2;
  while (at + 4 <= end) {
    const type = hello.readUInt16BE(at);
    const length = hello.readUInt16BE(at + 2);
    at += 4;
    if (type === 0 && at + length <= end && length >= 5) {
      const nameType = hello[at + 2];
      const nameLength = hello.readUInt16BE(at + 3);
      if (nameType !== 0 || at + 5 + nameLength > end) return { kind: 'not-tls' };
      return { kind: 'tls', serverName: hello.subarray(at + 5, at + 5 + nameLength).toString('latin1') };
    }
    at += length;
  }
  return { kind: 'tls', serverName: undefined };
}
