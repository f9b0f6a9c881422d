-- CreateTable
CREATE TABLE "tool_call_rollup_deltas" (
    "id" BIGSERIAL NOT NULL,
    "project_id" UUID NOT NULL,
    "bucket" TIMESTAMPTZ(6) NOT NULL,
    "tool_name" TEXT NOT NULL,
    "agent_name" TEXT NOT NULL DEFAULT '',
    "model_name" TEXT NOT NULL DEFAULT '',
    "calls" INTEGER NOT NULL DEFAULT 0,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "fail_selection" INTEGER NOT NULL DEFAULT 0,
    "fail_arguments" INTEGER NOT NULL DEFAULT 0,
    "fail_execution" INTEGER NOT NULL DEFAULT 0,
    "fail_protocol" INTEGER NOT NULL DEFAULT 0,
    "fail_orchestration" INTEGER NOT NULL DEFAULT 0,
    "retries" INTEGER NOT NULL DEFAULT 0,
    "refusals" INTEGER NOT NULL DEFAULT 0,
    "duration_sum_ms" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "latency_histogram" INTEGER[],

    CONSTRAINT "tool_call_rollup_deltas_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "model_turn_rollup_deltas" (
    "id" BIGSERIAL NOT NULL,
    "project_id" UUID NOT NULL,
    "bucket" TIMESTAMPTZ(6) NOT NULL,
    "agent_name" TEXT NOT NULL DEFAULT '',
    "model_name" TEXT NOT NULL DEFAULT '',
    "turns" INTEGER NOT NULL DEFAULT 0,
    "refusals" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "model_turn_rollup_deltas_pkey" PRIMARY KEY ("id")
);
