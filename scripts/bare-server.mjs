// The yardstick of `npm run bench:api`: a bare node:http server answering one fixed JSON envelope,
// no framework, no database, no checks: as large as an authenticated get-user-info answer, or
// padded to BODY_BYTES (the size of the call it is measured against: a larger answer costs both
// servers and the load generator more). What the portal's server reaches, divided by this, is the
// part of the machine the portal keeps for itself.
import http from 'node:http';

const envelope = {
  code: 0,
  message: 'ok',
  data: {
    name: '张敏',
    avatar: '',
    introduction: '',
    roles: ['admin'],
    uid: 1,
    user: { ur_account: 'demo' },
    sg_id: 19,
    role_label: '临床药品管理员',
    customer: {
      cu_id: 1,
      cu_name: '恒瑞医药-肿瘤三期临床项目',
      identifier: 'HR-ONC-03',
      co_id: 1,
      co_name: '恒瑞医药股份有限公司',
    },
    city: '上海',
    pass_flag: 0,
    is_weak_password: false,
    is_white_customer: false,
    mobile_hint: '138****8000',
  },
};
const wanted = Number(process.env.BODY_BYTES ?? 0);
const unpadded = Buffer.byteLength(JSON.stringify({ ...envelope, pad: '' }));
const body =
  wanted > unpadded
    ? JSON.stringify({ ...envelope, pad: 'x'.repeat(wanted - unpadded) })
    : JSON.stringify(envelope);

const port = Number(process.env.PORT);
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  })
  .listen(port, '127.0.0.1', () => console.log(`bare node:http on ${port}`));
