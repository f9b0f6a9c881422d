'use client';
/**
 * The filter bar's inputs. Every change rewrites the URL (the view is
 * shareable) and the server components re-render from it; nothing is stored
 * in client state except the custom range being typed.
 */
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState, useTransition } from 'react';

export interface FilterControlsProps {
  projects: string[];
  project: string | undefined;
  range: string;
  /** ISO strings of the range in effect. */
  from: string;
  to: string;
  agent: string | undefined;
  model: string | undefined;
  tool: string | undefined;
  options: { agents: string[]; models: string[]; tools: string[] };
  /** Pages about one tool hide the tool picker. */
  showTool: boolean;
}

const PRESETS = [
  { value: '1h', label: 'Last hour' },
  { value: '6h', label: 'Last 6 hours' },
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: 'custom', label: 'Custom…' },
];

/** `datetime-local` wants `YYYY-MM-DDTHH:mm`; the dashboard speaks UTC. */
const toInput = (iso: string) => iso.slice(0, 16);

function withCurrent(list: string[], current: string | undefined): string[] {
  return current && !list.includes(current) ? [current, ...list] : list;
}

export function FilterControls(props: FilterControlsProps) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const [showCustom, setShowCustom] = useState(props.range === 'custom');
  const [customFrom, setCustomFrom] = useState(toInput(props.from));
  const [customTo, setCustomTo] = useState(toInput(props.to));

  function navigate(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(params.toString());
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    // A new view starts at the first page of any paginated list.
    next.delete('before');
    const query = next.toString();
    startTransition(() => router.push(`${pathname}${query ? `?${query}` : ''}`));
  }

  function onRange(value: string) {
    if (value === 'custom') {
      setShowCustom(true);
      return;
    }
    setShowCustom(false);
    navigate({ range: value === '24h' ? undefined : value, from: undefined, to: undefined });
  }

  return (
    <div className="filters" data-pending={pending ? 'true' : undefined}>
      <label className="filter">
        <span>Project</span>
        <select
          name="project"
          value={props.project ?? props.projects[0] ?? ''}
          onChange={(event) => navigate({ project: event.target.value, agent: undefined, model: undefined, tool: undefined })}
        >
          {props.projects.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>Time</span>
        <select name="range" value={showCustom ? 'custom' : props.range} onChange={(event) => onRange(event.target.value)}>
          {PRESETS.map((preset) => (
            <option key={preset.value} value={preset.value}>
              {preset.label}
            </option>
          ))}
        </select>
      </label>
      {showCustom ? (
        <form
          className="filter custom-range"
          onSubmit={(event) => {
            event.preventDefault();
            navigate({ range: undefined, from: `${customFrom}:00Z`, to: `${customTo}:00Z` });
          }}
        >
          <input type="datetime-local" name="from" value={customFrom} onChange={(e) => setCustomFrom(e.target.value)} aria-label="From (UTC)" />
          <span className="muted">→</span>
          <input type="datetime-local" name="to" value={customTo} onChange={(e) => setCustomTo(e.target.value)} aria-label="To (UTC)" />
          <span className="muted small">UTC</span>
          <button className="button small" type="submit">
            Apply
          </button>
        </form>
      ) : null}
      <NameSelect label="Agent" name="agent" all="All agents" value={props.agent} options={props.options.agents} onChange={(v) => navigate({ agent: v })} />
      <NameSelect label="Model" name="model" all="All models" value={props.model} options={props.options.models} onChange={(v) => navigate({ model: v })} />
      {props.showTool ? (
        <NameSelect label="Tool" name="tool" all="All tools" value={props.tool} options={props.options.tools} onChange={(v) => navigate({ tool: v })} />
      ) : null}
      {pending ? <span className="muted small">Loading…</span> : null}
    </div>
  );
}

function NameSelect(props: {
  label: string;
  name: string;
  all: string;
  value: string | undefined;
  options: string[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <label className="filter">
      <span>{props.label}</span>
      <select name={props.name} value={props.value ?? ''} onChange={(event) => props.onChange(event.target.value || undefined)}>
        <option value="">{props.all}</option>
        {withCurrent(props.options, props.value).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
