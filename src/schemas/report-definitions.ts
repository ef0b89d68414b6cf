/**
 * How each report figure is counted, in the owner's words: shown on the screen next to the figure, and
 * the definitions the BFF's queries implement (src/server/reports/conversation-facts.ts). The CSVs list
 * the same conversations, so a spreadsheet gets the same figures.
 */
export const FIGURE_NOTES = {
  started: "Conversations whose first message falls in the period, by the store's day.",
  handoff_rate:
    'Of the conversations started in the period, those handed to a person at any time (in the CSV: handed_to_person = yes).',
  first_staff_reply:
    'For each conversation started in the period and handed over: from its first handoff to the first staff reply after it. Median and 90th percentile (in the CSV: seconds_to_first_staff_reply).',
  time_to_close:
    'For each conversation started in the period and closed: from its start to its first close (in the CSV: seconds_to_close).',
  ratings:
    "Shoppers' ratings of the messages in the conversations started in the period; a rating belongs to the message's author (the people CSV has these rows).",
  staff:
    'Per person, in the conversations started in the period: those they replied to, and the wait for their reply where theirs was the first after the handoff (the people CSV has these rows).',
  busiest_hours: 'Shopper messages written in the period, by day of the week and hour.',
  asked_before_handoff:
    "The shopper's last message before the first handoff of each conversation started in the period, newest first.",
} as const;

export type FigureName = keyof typeof FIGURE_NOTES;
