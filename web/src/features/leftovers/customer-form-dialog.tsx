import { useState, type FormEvent } from 'react';
import { formFieldErrors } from '@recipehub/openapi/field-errors';
import { customerInput } from '@recipehub/openapi/schemas/customers';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@recipehub/ui/dialog';
import { TextField } from '@recipehub/ui/text-field';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { fieldErrors, serverMessage } from '../../lib/trpc-errors';
import { FormDialogFooter } from './form-dialog-footer';
import type { Customer } from './leftover-types';

type Field = 'name' | 'email' | 'mobile';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

/** The server's own schema and texts (the contract's customerInput), checked before sending. */
export function validateCustomer(values: Values): Errors {
  const checked = customerInput.safeParse(values);
  return checked.success ? {} : formFieldErrors(checked.error.issues);
}

/** The customer's name, email and mobile, each required. */
function CustomerFields({
  values,
  errors,
  change,
}: {
  values: Values;
  errors: Errors;
  change: (field: Field) => (event: { target: { value: string } }) => void;
}) {
  return (
    <>
      <TextField
        label="Name"
        name="name"
        autoComplete="off"
        maxLength={100}
        value={values.name}
        onChange={change('name')}
        error={errors.name}
        required
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        maxLength={254}
        value={values.email}
        onChange={change('email')}
        error={errors.email}
        required
      />
      <TextField
        label="Mobile"
        name="mobile"
        type="tel"
        autoComplete="off"
        maxLength={20}
        value={values.mobile}
        onChange={change('mobile')}
        error={errors.mobile}
        required
      />
    </>
  );
}

/** Create (customer null) or edit a leftover customer; closes itself after a save. */
export function CustomerFormDialog({
  customer,
  onClose,
}: {
  customer: Customer | null;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const [values, setValues] = useState<Values>({
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    mobile: customer?.mobile ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const onSuccess = async () => {
    notify.success(customer ? 'Customer updated successfully!' : 'Customer created successfully!');
    await utils.leftovers.customers.list.invalidate();
    onClose();
  };
  const onError = (error: unknown) => {
    const fromServer = fieldErrors(error);
    setErrors({
      name: fromServer.name?.[0],
      email: fromServer.email?.[0],
      mobile: fromServer.mobile?.[0],
    });
    const failed = customer ? 'Failed to update customer.' : 'Failed to create customer.';
    const detail = Object.keys(fromServer).length === 0 ? serverMessage(error) : undefined;
    notify.error(detail ? `${failed} ${detail}` : failed);
  };
  const create = trpc.leftovers.customers.create.useMutation({ onSuccess, onError });
  const update = trpc.leftovers.customers.update.useMutation({ onSuccess, onError });
  const pending = create.isPending || update.isPending;

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCustomer(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input = {
      name: values.name.trim(),
      email: values.email.trim(),
      mobile: values.mobile.trim(),
    };
    if (customer) update.mutate({ id: customer.id, ...input });
    else create.mutate(input);
  };

  const title = customer ? 'Edit customer' : 'Add customer';
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>Name, email and mobile number are required.</DialogDescription>
        <form className="form-stack" onSubmit={submit} noValidate>
          <CustomerFields values={values} errors={errors} change={change} />
          <FormDialogFooter
            pending={pending}
            submitLabel={customer ? 'Save changes' : 'Add customer'}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
