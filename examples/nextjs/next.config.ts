import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // The kit is published as ES modules with 'use client' on its client files: nothing to transpile.
  poweredByHeader: false,
};

export default nextConfig;
