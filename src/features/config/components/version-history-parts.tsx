import { useId } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { SelectField } from '@/components/select-field';
import type { ConfigVersion } from '@/schemas/config-versions';
import { FIELD_LABELS } from '../config-form';
import { differingFields, editableConfig, type EditableConfig } from '../merge-config';
import { formatVersionTime } from '../version-time';
import { ConfigValue } from './config-value';

// A version's row, the choice of two versions and their differences, in the version history.

/** A version's settings as the form holds them. */
export const settingsOf = (version: ConfigVersion): EditableConfig =>
  editableConfig({ ...version.config, updated_at: version.version });

export const isOutside = (version: ConfigVersion) => version.source === 'outside';

/** Who made a version, in words. */
export function madeBy(version: ConfigVersion): string {
  if (isOutside(version)) return 'Saved by another tool, or before the dashboard kept versions';
  if (version.source === 'dashboard') return `Saved by ${version.actor_name ?? 'a dashboard user'}`;
  return 'Saved';
}

/** Numbered from the newest as in the list, so two saves within one second still read apart. */
export const optionLabel = (version: ConfigVersion, position: number) =>
  `${position}. ${formatVersionTime(version.version)}${isOutside(version) ? ' · outside' : ''}`;

export function VersionRow({
  version,
  position,
  isCurrent,
  isCompared,
  canRestore,
  onRestore,
  onCompare,
}: {
  version: ConfigVersion;
  /** 1 for the newest, as in the selects. */
  position: number;
  isCurrent: boolean;
  isCompared: boolean;
  canRestore: boolean;
  onRestore: () => void;
  onCompare: (() => void) | undefined;
}) {
  const titleId = useId();
  return (
    <li
      className={`rounded-lg border p-3 ${isCompared ? 'border-indigo-200 bg-indigo-50' : 'border-gray-200'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <p id={titleId} className="text-[15px] font-medium text-gray-900">
          {position}. <time dateTime={version.version}>{formatVersionTime(version.version)}</time>
        </p>
        {isCurrent ? <Badge tone="success">Current</Badge> : null}
        {isOutside(version) ? <Badge tone="warning">Outside the dashboard</Badge> : null}
      </div>
      <p className="mt-0.5 text-sm text-gray-600">{madeBy(version)}</p>
      {onCompare || canRestore ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {onCompare ? (
            <Button size="sm" onPress={onCompare} aria-describedby={titleId}>
              Compare with the one before
            </Button>
          ) : null}
          {canRestore ? (
            <Button size="sm" onPress={onRestore} aria-describedby={titleId}>
              Restore this version
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export function VersionSelect({
  label,
  versions,
  value,
  onChange,
}: {
  label: string;
  versions: ConfigVersion[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      {versions.map((version, index) => (
        <option key={version.id} value={version.id}>
          {optionLabel(version, index + 1)}
        </option>
      ))}
    </SelectField>
  );
}

/** The settings that differ between two versions, each with its value in both. */
export function VersionDiff({ from, to }: { from: ConfigVersion; to: ConfigVersion }) {
  if (from.id === to.id)
    return <p className="text-[15px] text-gray-600">Choose two different versions to compare.</p>;
  const before = settingsOf(from);
  const after = settingsOf(to);
  const fields = differingFields(before, after);
  if (fields.length === 0)
    return <p className="text-[15px] text-gray-600">No setting differs between these two versions.</p>;
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-gray-700" role="status">
        {fields.length === 1 ? '1 setting differs' : `${fields.length} settings differ`}
      </p>
      <ul aria-label="Settings that differ" className="space-y-3">
        {fields.map((field) => (
          <li key={field} className="space-y-2 rounded-lg border border-gray-200 p-3">
            <h4 className="text-[15px] font-semibold text-gray-900">{FIELD_LABELS[field]}</h4>
            <dl className="grid gap-2 sm:grid-cols-2">
              {(
                [
                  ['From', before, 'bg-red-50'],
                  ['To', after, 'bg-green-50'],
                ] as const
              ).map(([side, settings, tint]) => (
                <div key={side} className={`min-w-0 rounded-md px-3 py-2 text-sm ${tint}`}>
                  <dt className="text-xs font-medium tracking-wide text-gray-600 uppercase">{side}</dt>
                  <dd className="mt-1 text-gray-800">
                    <ConfigValue field={field} value={settings[field]} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
