import { useState, type FormEvent } from 'react';
import { formFieldErrors } from '@recipehub/openapi/field-errors';
import { Button } from '@recipehub/ui/button';
import { TextArea, TextField } from '@recipehub/ui/text-field';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { fieldErrors, serverMessage } from '../../lib/trpc-errors';

export const MESSAGE_SENT = 'Message sent successfully!';
export const SEND_FAILED = 'Failed to send message.';

type Field = 'name' | 'email' | 'message';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { name: '', email: '', message: '' };

/**
 * The server's own schema and texts (the contract's contactInput), so the message beside a field
 * reads the same before and after sending. Loaded on the first send, not with the page: the home
 * page's first download stays without the schema library (bench:web's budget).
 */
async function validate(values: Values): Promise<Errors> {
  const { contactInput } = await import('@recipehub/openapi/schemas/contact');
  const checked = contactInput.safeParse(values);
  return checked.success ? {} : formFieldErrors(checked.error.issues);
}

/** Sample owner details (spec §1: values of our choice). */
const CONTACT_DETAILS = {
  address: ['House 12, Road 5, Dhanmondi', 'Dhaka 1205, Bangladesh'],
  phone: '+880 1700-000000',
  email: 'hello@recipehub.local',
};

/** The form's values and messages, checked before sending; a sent message empties the form. */
function useContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const send = trpc.contact.create.useMutation({
    onSuccess() {
      notify.success(MESSAGE_SENT);
      setValues(EMPTY);
      setErrors({});
    },
    onError(error) {
      const fields = fieldErrors(error);
      setErrors({
        name: fields.name?.[0],
        email: fields.email?.[0],
        message: fields.message?.[0],
      });
      // Spec §8: the first field error or the server's message, preferred over the generic text.
      const firstField = Object.values(fields).flat()[0];
      notify.error(firstField ?? serverMessage(error) ?? SEND_FAILED);
    },
  });

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = await validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    send.mutate(values);
  };

  return { values, errors, send, change, submit };
}

/** Where to find and reach the site's owner. */
function ContactDetails() {
  return (
    <address className="home-contact__details">
      <h3 className="home-contact__heading">Visit us</h3>
      <p>
        {CONTACT_DETAILS.address[0]}
        <br />
        {CONTACT_DETAILS.address[1]}
      </p>
      <h3 className="home-contact__heading">Call or write</h3>
      <p>
        Phone:{' '}
        <a href={`tel:${CONTACT_DETAILS.phone.replace(/[^+\d]/g, '')}`}>{CONTACT_DETAILS.phone}</a>
        <br />
        Email: <a href={`mailto:${CONTACT_DETAILS.email}`}>{CONTACT_DETAILS.email}</a>
      </p>
      <p>Open Sunday to Thursday, 10 am to 6 pm.</p>
    </address>
  );
}

/** The home page's contact form and details (spec §2, §5, §8); below the fold, so lazy. */
export function ContactSection() {
  const { values, errors, send, change, submit } = useContactForm();

  return (
    <section className="home-contact" aria-labelledby="home-contact-title">
      <h2 id="home-contact-title" className="home-section-title">
        Contact Us
      </h2>
      <div className="home-contact__layout">
        <form
          className="form-stack"
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label="Contact form"
        >
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            required
            value={values.name}
            onChange={change('name')}
            error={errors.name}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={change('email')}
            error={errors.email}
          />
          <TextArea
            label="Message"
            name="message"
            rows={5}
            required
            value={values.message}
            onChange={change('message')}
            error={errors.message}
          />
          <div>
            <Button type="submit" disabled={send.isPending} aria-busy={send.isPending || undefined}>
              {send.isPending ? 'Sending…' : 'Send Message'}
            </Button>
          </div>
        </form>
        <ContactDetails />
      </div>
    </section>
  );
}
