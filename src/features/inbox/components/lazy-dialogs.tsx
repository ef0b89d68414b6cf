import type { ComponentProps } from 'react';
import { lazyWhenOpen } from '@/components/lazy-when-open';
import type { AssignDialog as AssignDialogModule } from './assign-dialog';
import type { AwayQuestionDialog as AwayQuestionDialogModule } from './away-question-dialog';
import type { AssignmentSettingsDialog as AssignmentSettingsDialogModule } from './assignment-settings-dialog';
import type { BulkResultsDialog as BulkResultsDialogModule } from './bulk-results-dialog';
import type { ReportFilterChip as ReportFilterChipModule } from './report-filter-chip';
import type { ShortcutsSheet as ShortcutsSheetModule } from './shortcuts-sheet';
import type { SnoozeDialog as SnoozeDialogModule } from './snooze-dialog';
import type { TagFilterDialog as TagFilterDialogModule } from './tag-filter-dialog';
import type { TagPickerDialog as TagPickerDialogModule } from './tag-picker-dialog';

// The inbox's dialogs are react-aria modals: each is fetched the first time it opens (or when the control
// that opens it is hovered or focused), not with the inbox, which most visits use without them.

export const [AssignDialog, prefetchAssignDialog] = lazyWhenOpen<ComponentProps<typeof AssignDialogModule>>(
  () => import('./assign-dialog').then((module) => module.AssignDialog),
  { isOpen: ({ isOpen }) => isOpen, close: ({ onOpenChange }) => onOpenChange(false) },
);

export const [BulkResultsDialog, prefetchBulkResultsDialog] = lazyWhenOpen<
  ComponentProps<typeof BulkResultsDialogModule>
>(() => import('./bulk-results-dialog').then((module) => module.BulkResultsDialog), {
  isOpen: ({ run }) => run !== null,
  close: ({ onDismiss }) => onDismiss(),
});

export const [ShortcutsSheet, prefetchShortcutsSheet] = lazyWhenOpen<
  ComponentProps<typeof ShortcutsSheetModule>
>(() => import('./shortcuts-sheet').then((module) => module.ShortcutsSheet), {
  isOpen: ({ isOpen }) => isOpen,
  close: ({ onOpenChange }) => onOpenChange(false),
});

export const [AssignmentSettingsDialog, prefetchAssignmentSettingsDialog] = lazyWhenOpen<
  ComponentProps<typeof AssignmentSettingsDialogModule>
>(() => import('./assignment-settings-dialog').then((module) => module.AssignmentSettingsDialog), {
  isOpen: ({ isOpen }) => isOpen,
  close: ({ onOpenChange }) => onOpenChange(false),
});

export const [TagPickerDialog, prefetchTagPickerDialog] = lazyWhenOpen<
  ComponentProps<typeof TagPickerDialogModule>
>(() => import('./tag-picker-dialog').then((module) => module.TagPickerDialog), {
  isOpen: ({ isOpen }) => isOpen,
  close: ({ onOpenChange }) => onOpenChange(false),
});

export const [TagFilterDialog] = lazyWhenOpen<ComponentProps<typeof TagFilterDialogModule>>(
  () => import('./tag-filter-dialog').then((module) => module.TagFilterDialog),
  { isOpen: ({ isOpen }) => isOpen, close: ({ onOpenChange }) => onOpenChange(false) },
);

export const [SnoozeDialog, prefetchSnoozeDialog] = lazyWhenOpen<ComponentProps<typeof SnoozeDialogModule>>(
  () => import('./snooze-dialog').then((module) => module.SnoozeDialog),
  { isOpen: ({ isOpen }) => isOpen, close: ({ onOpenChange }) => onOpenChange(false) },
);

export const [AwayQuestionDialog] = lazyWhenOpen<ComponentProps<typeof AwayQuestionDialogModule>>(
  () => import('./away-question-dialog').then((module) => module.AwayQuestionDialog),
  { isOpen: ({ isOpen }) => isOpen, close: ({ onOpenChange }) => onOpenChange(false) },
);

// The report filter's chip is shown only when the inbox was opened from a report's figure.
export const [ReportFilterChip] = lazyWhenOpen<ComponentProps<typeof ReportFilterChipModule>>(
  () => import('./report-filter-chip').then((module) => module.ReportFilterChip),
  { isOpen: ({ report }) => report !== undefined, close: ({ onClear }) => onClear() },
);
