/**
 * Small conversions shared by the protobuf and JSON decoders: bytes to hex,
 * 64-bit integers to bigint or number.
 */
/** A 64-bit integer as protobufjs reads it (a `long` Long, or a number without that package). */
export interface LongLike {
  low: number;
  high: number;
  unsigned: boolean;
}

const TWO_POW_32 = 4294967296n;

/** Lowercase hex of a byte array, without copying when it is already a Buffer. */
export function bytesToHex(bytes: Uint8Array): string {
  if (bytes.length === 0) return '';
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.toString('hex');
}

/** An unsigned 64-bit value from its two 32-bit halves (fixed64 is little-endian: low half first). */
export function unsignedHalvesToBigInt(low: number, high: number): bigint {
  if (high === 0) return BigInt(low >>> 0);
  return BigInt(high >>> 0) * TWO_POW_32 + BigInt(low >>> 0);
}

/**
 * A signed 64-bit value (AnyValue.int_value): a number when it is a safe
 * integer, else its decimal string so no precision is lost.
 */
export function signedLongToAttr(value: LongLike | number): number | string {
  if (typeof value === 'number') return value;
  const { low, high } = value;
  // Fast paths: values that fit in 32 bits, the overwhelming majority.
  if (high === 0 && low >= 0) return low;
  if (high === -1 && low < 0) return low;
  const big = value.unsigned
    ? BigInt(high >>> 0) * TWO_POW_32 + BigInt(low >>> 0)
    : BigInt(high | 0) * TWO_POW_32 + BigInt(low >>> 0);
  return bigIntToAttr(big);
}

export function bigIntToAttr(value: bigint): number | string {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value.toString();
}
