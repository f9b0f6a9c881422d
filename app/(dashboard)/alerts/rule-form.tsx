'use client';
import { submitKeepingValues } from '../../_components/keep-values.ts';
import { useActionState, useState } from 'react';
import { saveAlertRuleAction, type RuleFormState } from './actions.ts';
import { METRICS, WINDOWS, type Metric } from './rule-fields.ts';

export interface RuleFormValues {
  ruleId?: string;
  name: string;
  enabled: boolean;
  scopeType: 'all' | 'tool' | 'agent';
  scopeValue: string;
  metric: Metric;
  windowSeconds: number;
  condition: 'threshold' | 'spike';
  /** As shown: percent for rates. */
  threshold: string;
  baselineWindowSeconds: number;
  spikeFactor: string;
  minCalls: number;
  cooldownSeconds: number;
  webhookIds: string[];
}

export const NEW_RULE: RuleFormValues = {
  name: '',
  enabled: true,
  scopeType: 'all',
  scopeValue: '',
  metric: 'failure_rate',
  windowSeconds: 900,
  condition: 'threshold',
  threshold: '10',
  baselineWindowSeconds: 86_400,
  spikeFactor: '3',
  minCalls: 20,
  cooldownSeconds: 900,
  webhookIds: [],
};

function FieldError({ state, name }: { state: RuleFormState; name: string }) {
  const messages = state.fieldErrors?.[name];
  return messages?.length ? <em className="field-error">{messages[0]}</em> : null;
}

export function RuleForm({
  projectId,
  initial,
  tools,
  agents,
  webhooks,
}: {
  projectId: string;
  initial: RuleFormValues;
  tools: string[];
  agents: string[];
  webhooks: { id: string; name: string }[];
}) {
  const [state, action, pending] = useActionState<RuleFormState, FormData>(saveAlertRuleAction, {});
  const [scopeType, setScopeType] = useState(initial.scopeType);
  const [metric, setMetric] = useState<Metric>(initial.metric);
  const [condition, setCondition] = useState(initial.condition);
  const unit = METRICS[metric].unit;
  const names = scopeType === 'tool' ? tools : agents;
  return (
    <form action={action} onSubmit={submitKeepingValues(action)} className="form" data-testid="alert-rule-form">
      <input type="hidden" name="projectId" value={projectId} />
      {initial.ruleId ? <input type="hidden" name="ruleId" value={initial.ruleId} /> : null}
      <div className="form-grid">
        <label className="field" style={{ gridColumn: 'span 2' }}>
          <span>Name</span>
          <input name="name" defaultValue={initial.name} placeholder="search_docs failing" maxLength={120} />
          <FieldError state={state} name="name" />
        </label>
        <label className="field">
          <span>Metric</span>
          <select name="metric" value={metric} onChange={(e) => setMetric(e.target.value as Metric)}>
            {Object.entries(METRICS).map(([key, m]) => (
              <option key={key} value={key}>{m.label}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Scope</span>
          <select name="scopeType" value={scopeType} onChange={(e) => setScopeType(e.target.value as RuleFormValues['scopeType'])}>
            <option value="all">All tools</option>
            <option value="tool">One tool</option>
            <option value="agent">One agent</option>
          </select>
        </label>
        {scopeType !== 'all' ? (
          <label className="field">
            <span>{scopeType === 'tool' ? 'Tool' : 'Agent'}</span>
            <input name="scopeValue" defaultValue={initial.scopeValue} list={`alert-${scopeType}-names`} />
            <datalist id={`alert-${scopeType}-names`}>
              {names.map((n) => <option key={n} value={n} />)}
            </datalist>
            <FieldError state={state} name="scopeValue" />
          </label>
        ) : null}
        <label className="field">
          <span>Window</span>
          <select name="windowSeconds" defaultValue={initial.windowSeconds}>
            {WINDOWS.map((w) => <option key={w.seconds} value={w.seconds}>{w.label}</option>)}
          </select>
          <FieldError state={state} name="windowSeconds" />
        </label>
        <label className="field">
          <span>Condition</span>
          <select name="condition" value={condition} onChange={(e) => setCondition(e.target.value as RuleFormValues['condition'])}>
            <option value="threshold">Above a threshold</option>
            <option value="spike">Spike over a baseline</option>
          </select>
        </label>
        {condition === 'threshold' ? (
          <label className="field">
            <span>Threshold ({unit})</span>
            <input name="threshold" inputMode="decimal" defaultValue={initial.threshold} />
            <FieldError state={state} name="threshold" />
          </label>
        ) : (
          <>
            <label className="field">
              <span>Spike factor (× baseline)</span>
              <input name="spikeFactor" inputMode="decimal" defaultValue={initial.spikeFactor} />
              <FieldError state={state} name="spikeFactor" />
            </label>
            <label className="field">
              <span>Baseline window</span>
              <select name="baselineWindowSeconds" defaultValue={initial.baselineWindowSeconds}>
                {WINDOWS.map((w) => <option key={w.seconds} value={w.seconds}>{w.label}</option>)}
              </select>
              <FieldError state={state} name="baselineWindowSeconds" />
            </label>
          </>
        )}
        <label className="field">
          <span>Minimum calls <span className="field-hint">in the window</span></span>
          <input name="minCalls" type="number" min={0} defaultValue={initial.minCalls} />
          <FieldError state={state} name="minCalls" />
        </label>
        <label className="field">
          <span>Cooldown <span className="field-hint">between notifications</span></span>
          <select name="cooldownSeconds" defaultValue={initial.cooldownSeconds}>
            {[0, 300, 900, 3_600, 6 * 3_600].map((s) => <option key={s} value={s}>{s === 0 ? 'none' : `${s / 60} min`}</option>)}
          </select>
        </label>
        <label className="field" style={{ flexDirection: 'row', alignItems: 'center', gap: 6, alignSelf: 'end' }}>
          <input type="checkbox" name="enabled" defaultChecked={initial.enabled} /> <span>Enabled</span>
        </label>
      </div>
      <fieldset className="field webhook-choices">
        <span>Notify</span>
        {webhooks.length === 0 ? (
          <span className="field-hint">No webhooks yet: add one below, and events are only recorded here until then.</span>
        ) : (
          webhooks.map((webhook) => (
            <label key={webhook.id} className="check">
              <input type="checkbox" name="webhookIds" value={webhook.id} defaultChecked={initial.webhookIds.includes(webhook.id)} /> {webhook.name}
            </label>
          ))
        )}
        <FieldError state={state} name="webhookIds" />
      </fieldset>
      <div className="form-actions">
        <button className="button primary" type="submit" disabled={pending}>
          {pending ? 'Saving…' : initial.ruleId ? 'Save rule' : 'Create rule'}
        </button>
        {state.message ? <span className={state.ok ? 'form-ok' : 'form-error'} role="status">{state.message}</span> : null}
      </div>
    </form>
  );
}
