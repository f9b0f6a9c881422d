/** Alerts: rules, the evaluator, webhooks and their dispatcher. */
export { startAlertEvaluator, type AlertEvaluatorOptions } from './evaluator.ts';
export { startWebhookDispatcher, type WebhookDispatcherOptions } from './dispatcher.ts';
export {
  createAlertRule,
  getAlertRule,
  updateAlertRule,
  deleteAlertRule,
  AlertRuleError,
  CreateAlertRuleInputSchema,
  UpdateAlertRuleInputSchema,
  AlertMetricSchema,
  type CreateAlertRuleInput,
  type UpdateAlertRuleInput,
} from './rules.ts';
export {
  createWebhook,
  updateWebhook,
  deleteWebhook,
  CreateWebhookInputSchema,
  UpdateWebhookInputSchema,
  type CreateWebhookInput,
  type UpdateWebhookInput,
} from './webhooks.ts';
export { signBody, SIGNATURE_HEADER, TIMESTAMP_HEADER, EVENT_HEADER } from './payloads.ts';
