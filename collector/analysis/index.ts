/** Analyses of stored runs: loops, contracts, the analysis worker and retention. */
export { startAnalysisWorker, type AnalysisWorkerOptions } from './worker.ts';
export type { Worker } from './interval-worker.ts';
export { enforceRetention, startRetentionWorker, type RetentionOptions, type RetentionResult } from './retention.ts';
export {
  upsertContract,
  getContract,
  setContractEnabled,
  deleteContract,
  UpsertContractInputSchema,
  ContractRefSchema,
  ContractDefinitionSchema,
  type UpsertContractInput,
  type ContractRef,
  type StoredContract,
} from './contracts.ts';
export { detectLoops, DEFAULT_LOOP_OPTIONS, type LoopOptions, type DetectedLoop } from './loops.ts';
export { analysisWorkerFactories } from './background.ts';
