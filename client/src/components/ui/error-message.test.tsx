import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../api/api-error';
import { ErrorMessage } from './error-message';

describe('ErrorMessage', () => {
  it('renders one paragraph per message in an alert', () => {
    render(<ErrorMessage messages={['El correo ya está registrado.', 'La contraseña es muy corta.']} />);
    const alert = screen.getByRole('alert');
    const paragraphs = alert.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]).toHaveTextContent('El correo ya está registrado.');
    expect(paragraphs[1]).toHaveTextContent('La contraseña es muy corta.');
  });

  it('renders nothing without messages', () => {
    const { container } = render(<ErrorMessage messages={[]} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes the messages of a thrown error', () => {
    const error = ApiError.fromResponse(409, { success: false, error: 'La clase está llena.', code: 'CLASS_FULL' });
    render(<ErrorMessage error={error} />);
    expect(screen.getByRole('alert')).toHaveTextContent('La clase está llena.');
  });

  it('renders nothing for a null error and a generic message for an unknown one', () => {
    const { container, rerender } = render(<ErrorMessage error={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ErrorMessage error={new TypeError('boom')} />);
    expect(screen.getByRole('alert')).toHaveTextContent(UNEXPECTED_ERROR_MESSAGE);
  });
});
