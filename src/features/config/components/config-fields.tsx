import type { ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { CharacterCountField } from '@/components/character-count-field';
import { Section } from '@/components/section';
import { SwitchField } from '@/components/switch-field';
import { BUILT_IN_TEXTS } from '@/schemas/agent-config';
import { countCharacters } from '@/schemas/characters';
import {
  AGENT_NAME_MAX,
  GREETING_MAX,
  HANDOFF_MESSAGE_MAX,
  PERSONA_INSTRUCTIONS_MAX,
  SUGGESTED_PROMPT_MAX,
  SUGGESTED_PROMPTS_KEPT,
} from '@/schemas/limits';
import { FIELD_LABELS } from '../config-form';
import type { EditableConfig } from '../merge-config';
import { SuggestedPromptsEditor } from './suggested-prompts-editor';

type BooleanField = {
  [F in keyof EditableConfig]: EditableConfig[F] extends boolean ? F : never;
}[keyof EditableConfig];
type TextField = 'agent_name' | 'greeting' | 'persona_instructions' | 'handoff_message';

export function ConfigSwitch({
  name,
  description,
  isDisabled,
}: {
  name: BooleanField;
  description: ReactNode;
  isDisabled: boolean;
}) {
  const { control } = useFormContext<EditableConfig>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SwitchField
          label={FIELD_LABELS[name]}
          description={description}
          isSelected={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          isDisabled={isDisabled}
        />
      )}
    />
  );
}

/** A text setting with its counter; when empty it says the built-in default applies. */
export function ConfigTextField({
  name,
  max,
  description,
  whenEmpty,
  placeholder,
  multiline = false,
  isDisabled,
}: {
  name: TextField;
  max: number;
  description: ReactNode;
  /** What shoppers get while the field is empty. */
  whenEmpty: string;
  placeholder: string;
  multiline?: boolean;
  isDisabled: boolean;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<EditableConfig>();
  const value = useWatch({ control, name });
  const help = (
    <>
      {description}{' '}
      {value === '' ? (
        <span className="font-medium text-gray-700">Empty: {whenEmpty}</span>
      ) : isDisabled ? null : (
        <span>Leave it empty for the built-in default.</span>
      )}
    </>
  );
  const common = {
    ...register(name),
    label: FIELD_LABELS[name],
    count: countCharacters(value),
    max,
    description: help,
    error: errors[name]?.message,
    placeholder,
    disabled: isDisabled,
  };
  return multiline ? (
    <CharacterCountField multiline rows={4} {...common} />
  ) : (
    <CharacterCountField {...common} />
  );
}

/** Every field of the configuration, grouped as an owner thinks about them. */
export function ConfigFields({ isDisabled }: { isDisabled: boolean }) {
  const {
    control,
    formState: { errors },
  } = useFormContext<EditableConfig>();
  return (
    <div className="space-y-6">
      <Section id="config-availability" title="Availability">
        <ConfigSwitch
          name="enabled"
          isDisabled={isDisabled}
          description="The master switch. When it is off, shoppers see nothing: the chat widget disappears from your storefront. Your settings are kept."
        />
      </Section>

      <Section id="config-voice" title="Voice" description="How the assistant introduces itself and sounds.">
        <ConfigTextField
          name="agent_name"
          max={AGENT_NAME_MAX}
          isDisabled={isDisabled}
          placeholder={BUILT_IN_TEXTS.agent_name}
          description="Shown at the top of the chat widget."
          whenEmpty={`shoppers see the built-in name “${BUILT_IN_TEXTS.agent_name}”.`}
        />
        <ConfigTextField
          name="greeting"
          max={GREETING_MAX}
          multiline
          isDisabled={isDisabled}
          placeholder={BUILT_IN_TEXTS.greeting}
          description="The first message shoppers see when they open the chat."
          whenEmpty="shoppers get the built-in greeting shown in the field."
        />
        <ConfigTextField
          name="persona_instructions"
          max={PERSONA_INSTRUCTIONS_MAX}
          multiline
          isDisabled={isDisabled}
          placeholder="For example: Warm and concise. Speak like a friendly shop assistant, never pushy."
          description="Shapes tone only: the store’s safety rules are always added. Never shown to shoppers."
          whenEmpty="the assistant uses its built-in voice."
        />
        <ConfigTextField
          name="handoff_message"
          max={HANDOFF_MESSAGE_MAX}
          multiline
          isDisabled={isDisabled}
          placeholder={BUILT_IN_TEXTS.handoff_message}
          description="Told to the shopper when a conversation goes to a person on your team."
          whenEmpty="shoppers get the built-in text shown in the field."
        />
      </Section>

      <Section
        id="config-behaviour"
        title="Conversation style"
        description="Extra guidance the platform writes and keeps up to date."
      >
        <ConfigSwitch
          name="follow_up_questions"
          isDisabled={isDisabled}
          description="Asks clarifying questions when a request is vague, such as size or budget."
        />
        <ConfigSwitch
          name="objection_handling"
          isDisabled={isDisabled}
          description="Answers hesitation, such as worries about price, shipping or returns."
        />
      </Section>

      <Section id="config-skills" title="Skills" description="What the assistant may do for shoppers.">
        <ConfigSwitch
          name="skill_product_discovery"
          isDisabled={isDisabled}
          description="Searching the catalog, recommending products and showing product details, together."
        />
        <ConfigSwitch
          name="skill_add_to_cart"
          isDisabled={isDisabled}
          description="Reading and changing the shopper’s cart, together."
        />
        <ConfigSwitch
          name="skill_order_status"
          isDisabled={isDisabled}
          description="Looking up a shopper’s orders."
        />
      </Section>

      <Section
        id="config-prompts"
        title="Starter prompts"
        description={`Tappable chips under the greeting. At most ${SUGGESTED_PROMPTS_KEPT}, each up to ${SUGGESTED_PROMPT_MAX} characters; blank ones are dropped.`}
      >
        <Controller
          control={control}
          name="suggested_prompts"
          render={({ field }) => (
            <SuggestedPromptsEditor
              labelledBy="config-prompts"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              isDisabled={isDisabled}
              error={errors.suggested_prompts?.message}
            />
          )}
        />
      </Section>
    </div>
  );
}
