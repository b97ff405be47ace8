// The reference ceiling: the least a node:http server can do to answer JSON.
import http from "node:http";

const body = JSON.stringify({ status: "success", message: "ok", data: { hello: "world" } });
const len = String(Buffer.byteLength(body));
http
  .createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": len });
      res.end(body);
    });
  })
  .listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
