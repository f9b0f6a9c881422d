import { describe, expect, it } from 'vitest';
import { classifyFailure, foreignErrorClass, type ErrorSignals } from './error-classification.ts';

function signals(overrides: Partial<ErrorSignals>): ErrorSignals {
  return {
    toolscopeCategory: null,
    toolscopeType: null,
    errorType: null,
    exceptionType: null,
    resultCode: null,
    messages: [],
    ...overrides,
  };
}

function classified(overrides: Partial<ErrorSignals>): string {
  const result = classifyFailure(signals(overrides));
  return `${result.category}/${result.type}`;
}

describe('taxonomy types are used as written', () => {
  it('takes error.type in category/type form', () => {
    expect(classified({ errorType: 'execution/rate_limited', messages: ['file not found'] })).toBe('execution/rate_limited');
  });

  it('takes toolscope.error.category + type, and prefers them', () => {
    expect(classified({ toolscopeCategory: 'protocol', toolscopeType: 'parse_error', errorType: 'execution/timeout' })).toBe(
      'protocol/parse_error',
    );
  });

  it('does not trust a category/type outside the taxonomy', () => {
    expect(classified({ errorType: 'execution/exploded' })).toBe('execution/unknown');
  });
});

describe('foreign error types, classes and codes', () => {
  it.each([
    ['ENOENT', 'execution/not_found'],
    ['FileNotFoundError', 'execution/not_found'],
    ['botocore.errorfactory.NoSuchKey', 'execution/not_found'],
    ['EACCES', 'execution/permission_denied'],
    ['PermissionError', 'execution/permission_denied'],
    ['TimeoutError', 'execution/timeout'],
    ['httpx.ReadTimeout', 'execution/timeout'],
    ['ETIMEDOUT', 'execution/timeout'],
    ['openai.RateLimitError', 'execution/rate_limited'],
    ['pydantic_core._pydantic_core.ValidationError', 'arguments/schema_violation'],
    ['ZodError', 'arguments/schema_violation'],
    ['json.decoder.JSONDecodeError', 'arguments/invalid_json'],
    ['ECONNREFUSED', 'execution/upstream_error'],
    ['httpx.ConnectError', 'execution/upstream_error'],
    ['UnknownToolError', 'selection/unknown_tool'],
    ['NotImplementedError', 'execution/unsupported_input'],
    ['EEXIST', 'execution/invalid_state'],
    ['429', 'execution/rate_limited'],
    ['404', 'execution/not_found'],
    ['503', 'execution/upstream_error'],
    ['504', 'execution/timeout'],
    ['timeout', 'execution/timeout'],
  ])('error.type %s → %s', (errorType, expected) => {
    expect(classified({ errorType })).toBe(expected);
  });

  it('uses the exception class when error.type is absent or the catch-all _OTHER', () => {
    expect(classified({ exceptionType: 'FileNotFoundError' })).toBe('execution/not_found');
    expect(classified({ errorType: '_OTHER', exceptionType: 'PermissionError' })).toBe('execution/permission_denied');
  });

  it('uses a code from the result payload', () => {
    expect(classified({ resultCode: 'ENOENT' })).toBe('execution/not_found');
  });
});

describe('messages', () => {
  it.each([
    ["[Errno 2] No such file or directory: 'a.txt'", 'execution/not_found'],
    ['User 42 not found', 'execution/not_found'],
    ['Resource does not exist', 'execution/not_found'],
    ['permission denied: /etc/shadow', 'execution/permission_denied'],
    ['Request failed with status code 403', 'execution/permission_denied'],
    ['Operation timed out after 30000ms', 'execution/timeout'],
    ['deadline exceeded', 'execution/timeout'],
    ['HTTP 429 Too Many Requests', 'execution/rate_limited'],
    ['Rate limit reached for gpt-4o', 'execution/rate_limited'],
    ['Invalid arguments: "city" is required', 'arguments/schema_violation'],
    ['missing required parameter: path', 'arguments/schema_violation'],
    ['Unexpected token } in JSON at position 12', 'arguments/invalid_json'],
    ['Expecting value: line 1 column 1 (char 0)', 'arguments/invalid_json'],
    ['Unknown tool: delete_all', 'selection/unknown_tool'],
    ["Tool 'browse' not found", 'selection/unknown_tool'],
    ['connect ECONNREFUSED 127.0.0.1:5432', 'execution/upstream_error'],
    ['upstream returned status 502', 'execution/upstream_error'],
    ['503 Service Unavailable', 'execution/upstream_error'],
    ['path traversal detected in ../../etc/passwd', 'arguments/unsafe_argument'],
    ['file already exists', 'execution/invalid_state'],
    ['format not supported: .heic', 'execution/unsupported_input'],
  ])('%s → %s', (message, expected) => {
    expect(classified({ messages: [message] })).toBe(expected);
  });

  it('does not mistake a missing file inside a tool for an unknown tool', () => {
    expect(classified({ messages: ['error in tool read_file: /tmp/x not found'] })).toBe('execution/not_found');
  });

  it('does not read a bare number in a message as an HTTP status', () => {
    expect(classified({ messages: ['processed 500 rows before failing'] })).toBe('execution/unknown');
  });

  it('prefers identifiers over messages, and earlier messages over later ones', () => {
    expect(classified({ exceptionType: 'TimeoutError', messages: ['file not found'] })).toBe('execution/timeout');
    expect(classified({ messages: [null, 'permission denied', 'not found'] })).toBe('execution/permission_denied');
  });

  it('falls back to execution/unknown', () => {
    expect(classified({ exceptionType: 'ValueError', messages: ['bad things happened'] })).toBe('execution/unknown');
  });
});

describe('foreignErrorClass', () => {
  it('keeps the foreign error.type, else the exception class, never a taxonomy type', () => {
    expect(foreignErrorClass(signals({ errorType: 'MyError', exceptionType: 'Other' }))).toBe('MyError');
    expect(foreignErrorClass(signals({ errorType: 'execution/timeout', exceptionType: 'TimeoutError' }))).toBe('TimeoutError');
    expect(foreignErrorClass(signals({ errorType: '_OTHER' }))).toBeNull();
  });
});
