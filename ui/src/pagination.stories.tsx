import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination, type PaginationProps } from './pagination';

/** `growing`: the pages known are the current one and the next (a list with an estimated total). */
function Controlled({ growing = false, ...props }: PaginationProps & { growing?: boolean }) {
  const [page, setPage] = useState(props.page);
  return (
    <Pagination
      {...props}
      page={page}
      totalPages={growing ? page + 1 : props.totalPages}
      onPageChange={(next) => {
        setPage(next);
        props.onPageChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Components/Pagination',
  component: Pagination,
  args: { page: 1, totalPages: 10, onPageChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {};

export const Middle: Story = { args: { page: 5 } };

export const LastPage: Story = { args: { page: 10 } };

export const FewPages: Story = { args: { page: 2, totalPages: 3 } };

export const PageForward: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
    await expect(canvas.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Last page' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(10);
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

/**
 * A list whose total is an estimate, as the web app uses it: every page it has shown links the
 * next one, so the pages known are the current one and the next; "more may follow" after them.
 */
export const LastPageUnknown: Story = {
  args: { page: 5, totalPages: 6, lastPageKnown: false },
  render: (args) => <Controlled {...args} growing />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Last page' })).toBeNull();
    await expect(canvas.getByText('More pages may follow')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(6);
    await expect(canvas.getByRole('button', { name: 'Page 7' })).toBeEnabled();
  },
};

export const SinglePageRendersNothing: Story = {
  args: { totalPages: 1 },
  render: (args) => (
    <div data-testid="holder">
      <Controlled {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('navigation')).toBeNull();
  },
};

export const Mobile: Story = {
  args: { page: 50, totalPages: 120 },
  globals: { viewport: { value: 'mobile' } },
  tags: ['mobile'],
};
