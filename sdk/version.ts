/** Version of the SDK, written on every span as `toolscope.sdk.version`. Kept in step with package.json. */
export const SDK_VERSION = '0.1.0';

/** Instrumentation scope name of every tracer the SDK asks for. */
export const TRACER_NAME = 'toolscope';
