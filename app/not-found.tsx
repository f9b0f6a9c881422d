import Link from 'next/link';

export default function NotFound() {
  return (
    <main className="login">
      <div className="login-card">
        <h1>Not found</h1>
        <p className="muted">
          Nothing lives at this address. <Link href="/">Go to the dashboard</Link>.
        </p>
      </div>
    </main>
  );
}
