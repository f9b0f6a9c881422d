import { describe, expect, it } from 'vitest';
import { classifyError } from './classify.ts';
import { ToolError } from './errors.ts';

function systemError(code: string, message = `${code}: failed`): Error {
  return Object.assign(new Error(message), { code });
}

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

describe('classifyError', () => {
  it('keeps the type, suggestions and context a ToolError carries', () => {
    const error = new ToolError('execution/not_found', 'No file hello.java', {
      suggestions: ['Search for it with search_content'],
      context: { similar: ['Hello.java'] },
    });
    const classified = classifyError(error);
    expect(classified).toMatchObject({
      errorType: 'execution/not_found',
      category: 'execution',
      type: 'not_found',
      retryable: false,
      message: 'No file hello.java',
      suggestions: ['Search for it with search_content'],
      context: { similar: ['Hello.java'] },
      errorClass: 'ToolError',
    });
  });

  it('falls back to the default suggestions of the type when a ToolError gives none', () => {
    const classified = classifyError(new ToolError('execution/rate_limited', 'slow down'));
    expect(classified.retryable).toBe(true);
    expect(classified.suggestions).toEqual(['Wait before retrying.']);
  });

  it('rejects a ToolError type outside the taxonomy', () => {
    // @ts-expect-error: not a taxonomy type
    expect(() => new ToolError('execution/exploded', 'x')).toThrow(/not in the Toolscope error taxonomy/);
  });

  it.each([
    ['ENOENT', 'execution/not_found'],
    ['ENOTDIR', 'execution/not_found'],
    ['EACCES', 'execution/permission_denied'],
    ['EPERM', 'execution/permission_denied'],
    ['EROFS', 'execution/permission_denied'],
    ['ETIMEDOUT', 'execution/timeout'],
    ['ESOCKETTIMEDOUT', 'execution/timeout'],
    ['UND_ERR_CONNECT_TIMEOUT', 'execution/timeout'],
    ['UND_ERR_HEADERS_TIMEOUT', 'execution/timeout'],
    ['UND_ERR_BODY_TIMEOUT', 'execution/timeout'],
    ['ECONNREFUSED', 'execution/upstream_error'],
    ['ECONNRESET', 'execution/upstream_error'],
    ['ECONNABORTED', 'execution/upstream_error'],
    ['EPIPE', 'execution/upstream_error'],
    ['ENOTFOUND', 'execution/upstream_error'],
    ['EAI_AGAIN', 'execution/upstream_error'],
    ['EHOSTUNREACH', 'execution/upstream_error'],
    ['ENETUNREACH', 'execution/upstream_error'],
    ['UND_ERR_SOCKET', 'execution/upstream_error'],
    ['EISDIR', 'execution/unsupported_input'],
    ['EEXIST', 'execution/invalid_state'],
    ['ENOTEMPTY', 'execution/invalid_state'],
  ])('maps Node error code %s to %s', (code, expected) => {
    const classified = classifyError(systemError(code));
    expect(classified.errorType).toBe(expected);
    expect(classified.context).toEqual({ code });
    expect(classified.message).toBe(`${code}: failed`);
  });

  it.each([
    [429, 'execution/rate_limited', true],
    [404, 'execution/not_found', false],
    [410, 'execution/not_found', false],
    [401, 'execution/permission_denied', false],
    [403, 'execution/permission_denied', false],
    [408, 'execution/timeout', true],
    [504, 'execution/timeout', true],
    [409, 'execution/invalid_state', false],
    [400, 'execution/unsupported_input', false],
    [422, 'execution/unsupported_input', false],
    [500, 'execution/upstream_error', true],
    [502, 'execution/upstream_error', true],
    [503, 'execution/upstream_error', true],
  ])('maps HTTP status %i to %s', (status, expected, retryable) => {
    const classified = classifyError(new HttpError(status));
    expect(classified.errorType).toBe(expected);
    expect(classified.retryable).toBe(retryable);
    expect(classified.errorClass).toBe('HttpError');
  });

  it('reads the status from statusCode and response.status too', () => {
    expect(classifyError(Object.assign(new Error('x'), { statusCode: 429 })).errorType).toBe('execution/rate_limited');
    expect(classifyError(Object.assign(new Error('x'), { response: { status: 502 } })).errorType).toBe('execution/upstream_error');
  });

  it('treats the SDK timeout and AbortSignal.timeout errors as timeouts', () => {
    expect(classifyError(new Error('aborted'), { timedOut: true, timeoutMs: 50 })).toMatchObject({
      errorType: 'execution/timeout',
      message: 'The tool did not finish after 50 ms.',
      retryable: true,
    });
    expect(classifyError(new DOMException('signal timed out', 'TimeoutError')).errorType).toBe('execution/timeout');
  });

  it('keeps the class name of an unknown exception', () => {
    class QuotaMathError extends Error {}
    const classified = classifyError(new QuotaMathError('negative quota'));
    expect(classified).toMatchObject({ errorType: 'execution/unknown', errorClass: 'QuotaMathError', message: 'negative quota' });
    expect(classifyError(new TypeError('x is undefined')).errorClass).toBe('TypeError');
  });

  it('classifies thrown non-errors as unknown', () => {
    expect(classifyError('just a string')).toMatchObject({ errorType: 'execution/unknown', errorClass: 'string', message: 'just a string' });
  });

  it('does not map an unknown code', () => {
    expect(classifyError(systemError('EWEIRD')).errorType).toBe('execution/unknown');
  });
});
