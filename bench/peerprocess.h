#pragma once

#include <string>

// The PyTorch peer (peer_vit.py --serve) as a child process that runs one
// training step each time it is asked, so its steps interleave with ours.
class PeerProcess
{
public:
    PeerProcess(int threads, int batch, bool ourMalloc);
    ~PeerProcess();
    PeerProcess(const PeerProcess &) = delete;
    PeerProcess &operator=(const PeerProcess &) = delete;

    bool ok() const { return m_ok; }
    const std::string &banner() const { return m_banner; }
    double stepMs();  // < 0 when the peer has gone

private:
    bool readLine(std::string *line);

    int m_pid = -1;
    int m_toPeer = -1;
    int m_fromPeer = -1;
    bool m_ok = false;
    std::string m_banner;
    std::string m_buffer;
};
