// "Leave us message": name (prefilled from the store info), reply email (with a button that fills
// in the store's email) and the message. Validated on blur and on submit with the contracts' texts;
// a successful send toasts and closes.
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BlockStack, Button, Form, Modal, Text, TextField } from '@shopify/polaris';
import { customerQuestionRequest, type CustomerQuestionRequest } from '@gatehouse/contracts';
import { useSendContactQuestion } from '../api/use-send-contact-question.js';
import { useAppState } from '../../lib/app-state.js';
import { SUPPORT_EMAIL, SUPPORT_RESPONSE_HOURS } from '../../lib/constants.js';
import { showToast } from '../../lib/toast-store.js';

export const CONTACT_SENT_MESSAGE = 'Message sent, Thank you for contacting us!';

export function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { account } = useAppState();
  const { control, handleSubmit, reset, setValue, formState } = useForm<CustomerQuestionRequest>({
    resolver: zodResolver(customerQuestionRequest),
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: { name: '', replyEmail: '', content: '' },
  });
  const { isSubmitting } = formState;
  const sendQuestion = useSendContactQuestion();

  // Every opening starts a fresh message from the store owner's name.
  useEffect(() => {
    if (open) reset({ name: account?.name ?? '', replyEmail: '', content: '' });
  }, [open, account?.name, reset]);

  const send = handleSubmit(async (values) => {
    const outcome = await sendQuestion.call(values);
    if (!outcome.result) return;
    showToast(CONTACT_SENT_MESSAGE);
    onClose();
  });

  const fillStoreEmail = () => {
    setValue('replyEmail', account?.email ?? '', { shouldValidate: true, shouldTouch: true });
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Leave us message"
      primaryAction={{ content: 'Send', loading: isSubmitting, onAction: () => void send() }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose }]}
    >
      <Modal.Section>
        <Form onSubmit={() => void send()}>
          <BlockStack gap="400">
            <Text as="p">
              Please allow up to {SUPPORT_RESPONSE_HOURS} hours for a response. You can also write
              to us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
            </Text>
            <Controller
              control={control}
              name="name"
              render={({ field, fieldState }) => (
                <TextField
                  label="Name"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  autoComplete="name"
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="replyEmail"
              render={({ field, fieldState }) => (
                <TextField
                  label="Reply Email"
                  type="email"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  autoComplete="email"
                  error={fieldState.error?.message}
                  connectedRight={
                    <Button onClick={fillStoreEmail} disabled={!account?.email}>
                      Use store email
                    </Button>
                  }
                />
              )}
            />
            <Controller
              control={control}
              name="content"
              render={({ field, fieldState }) => (
                <TextField
                  label="Message Content"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  multiline={5}
                  autoComplete="off"
                  error={fieldState.error?.message}
                />
              )}
            />
          </BlockStack>
        </Form>
      </Modal.Section>
    </Modal>
  );
}
