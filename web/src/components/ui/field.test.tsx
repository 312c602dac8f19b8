import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Field } from './field';
import { Input } from './input';

describe('Field', () => {
  it('ties the label, the hint and the error to the control for screen readers', () => {
    render(
      <Field label="Email" hint="We never share it" error="Please enter a valid email address.">
        <Input />
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')!.split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['We never share it', 'Please enter a valid email address.']);
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
  });

  it('marks nothing invalid when there is no error', () => {
    render(
      <Field label="Name" optional>
        <Input />
      </Field>,
    );
    expect(screen.getByLabelText(/Name/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('(optional)')).toBeTruthy();
  });
});
