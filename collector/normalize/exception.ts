/**
 * The exception a span recorded, from its `exception` events (the OTel way of
 * recording a thrown error). The last one wins: it is the one that ended the span.
 */
import { Otel } from '../../sdk/attributes.ts';
import type { OtlpSpan } from '../otlp/types.ts';
import { readString } from './attribute-values.ts';

export interface RecordedException {
  type: string | null;
  message: string | null;
  stacktrace: string | null;
}

const NONE: RecordedException = { type: null, message: null, stacktrace: null };

export function exceptionOf(span: OtlpSpan): RecordedException {
  for (let index = span.events.length - 1; index >= 0; index--) {
    const event = span.events[index]!;
    if (event.name !== 'exception') continue;
    return {
      type: readString(event.attributes, Otel.EXCEPTION_TYPE),
      message: readString(event.attributes, Otel.EXCEPTION_MESSAGE),
      stacktrace: readString(event.attributes, Otel.EXCEPTION_STACKTRACE),
    };
  }
  return NONE;
}
