/**
 * Small conversions shared by the protobuf and JSON decoders: bytes to hex,
 * 64-bit integers to bigint or number.
 */
import type { LongLike } from './proto-schema.ts';

const TWO_POW_32 = 4294967296n;

/** Lowercase hex of a byte array, without copying when it is already a Buffer. */
export function bytesToHex(bytes: Uint8Array): string {
  if (bytes.length === 0) return '';
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.toString('hex');
}

/** An unsigned 64-bit value (fixed64 time) as bigint. protobufjs yields a Long, or a number without `long`. */
export function unsignedLongToBigInt(value: LongLike | number): bigint {
  if (typeof value === 'number') return BigInt(value);
  return BigInt(value.high >>> 0) * TWO_POW_32 + BigInt(value.low >>> 0);
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
