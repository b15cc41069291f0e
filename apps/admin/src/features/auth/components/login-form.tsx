// The shop-domain form on /login: validated on blur, errors only once the field was touched (or the
// form submitted); on success the browser goes to the URL the server returned, which starts the
// platform's OAuth consent.
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BlockStack, Button, Form, TextField } from '@shopify/polaris';
import { PLATFORM_DOMAIN } from '@gatehouse/contracts';
import { useStartLogin } from '../api/use-start-login.js';
import { loginSchema, type LoginForm as LoginValues } from '../login-schema.js';

/**
 * The error, once the field was touched or the form submitted. Takes the message already read:
 * react-hook-form only tracks the field state a render actually reads, so reading `error`
 * behind a short-circuit would leave it unsubscribed.
 */
function visibleError(message: string | undefined, shown: boolean): string | undefined {
  return shown ? message : undefined;
}

export function LoginForm() {
  const startLogin = useStartLogin();
  const { control, handleSubmit, formState } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    // First check on blur, then on every change: a fixed value clears its error while typing,
    // so the button does not jump away under the pointer when the field blurs on click.
    mode: 'onTouched',
    defaultValues: { domain: '' },
  });

  // Read here, in the form's own render, so react-hook-form subscribes this component to them.
  const { isSubmitted, isSubmitting } = formState;

  const submit = handleSubmit(async ({ domain }) => {
    const outcome = await startLogin.call({ domain: domain.trim() });
    if (outcome.result) window.location.replace(outcome.data);
  });

  return (
    <Form onSubmit={() => void submit()}>
      <BlockStack gap="400">
        <Controller
          control={control}
          name="domain"
          render={({ field, fieldState }) => (
            <TextField
              label="Shopify store url:"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              suffix={`.${PLATFORM_DOMAIN}`}
              placeholder="abc123"
              autoComplete="off"
              spellCheck={false}
              error={visibleError(fieldState.error?.message, fieldState.isTouched || isSubmitted)}
            />
          )}
        />
        <Button variant="primary" size="large" submit fullWidth loading={isSubmitting}>
          Login
        </Button>
      </BlockStack>
    </Form>
  );
}
